#include <torch/torch.h>

// The discriminator's optimizer is zeroed; the generator's never is.
void train(torch::nn::Sequential& generator, torch::nn::Sequential& discriminator,
           torch::optim::Adam& optD, torch::optim::Adam& optG, int iterations) {
  for (int i = 0; i < iterations; ++i) {
    torch::Tensor real = torch::randn({8, 4});
    torch::Tensor fake = generator->forward(torch::randn({8, 2}));

    optD.zero_grad();
    torch::Tensor lossD = discriminator->forward(real).mean() -
                          discriminator->forward(fake.detach()).mean();
    lossD.backward();
    optD.step();

    torch::Tensor lossG = -discriminator->forward(fake).mean();
    lossG.backward();
    optG.step();
  }
}
