#include <torch/torch.h>

int main() {
  torch::nn::Linear model(4, 1);
  torch::optim::SGD optimizer(model->parameters(), 0.01);
  auto step = [&](const torch::Tensor& x) {
    optimizer.zero_grad();
    auto loss = model->forward(x).sum();
    loss.backward();
    optimizer.step();
  };
  torch::NoGradGuard no_grad;
  step(torch::ones({2, 4}));
}
