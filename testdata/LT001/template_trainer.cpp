#include <torch/torch.h>

// Instantiated for two optimizers: one mistake, reported once.
template <typename Optimizer>
void fit(torch::nn::Linear& model, Optimizer& optimizer, int steps) {
  for (int s = 0; s < steps; ++s) {
    auto loss = model->forward(torch::ones({4, 3})).sum();
    loss.backward();
    optimizer.step();
  }
}

void run(torch::nn::Linear& model) {
  torch::optim::SGD sgd(model->parameters(), 0.1);
  torch::optim::Adam adam(model->parameters());
  fit(model, sgd, 10);
  fit(model, adam, 10);
}
