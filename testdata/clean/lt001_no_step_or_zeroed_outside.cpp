#include <torch/torch.h>

// Gradients for saliency: backward in a loop, no optimizer step.
torch::Tensor saliency(torch::nn::Linear& model, torch::Tensor x, int samples) {
  x.set_requires_grad(true);
  for (int i = 0; i < samples; ++i) model->forward(x + 0.01 * torch::randn_like(x)).sum().backward();
  return x.grad() / samples;
}

// One step, no loop.
void step_once(torch::nn::Linear& model, torch::optim::SGD& optimizer) {
  optimizer.zero_grad();
  model->forward(torch::ones({1, 4})).sum().backward();
  optimizer.step();
}

// Zeroed in the loop's increment.
void fit(torch::nn::Linear& model, torch::optim::SGD& optimizer) {
  for (int i = 0; i < 10; ++i, optimizer.zero_grad()) {
    model->forward(torch::ones({1, 4})).sum().backward();
    optimizer.step();
  }
}
