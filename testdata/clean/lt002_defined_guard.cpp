#include <torch/torch.h>

torch::Tensor compute_loss(torch::nn::Linear& model, const torch::Tensor& x,
                           const torch::Tensor& y) {
  if (y.numel() == 0) return torch::Tensor();
  return torch::mse_loss(model->forward(x), y);
}

int main() {
  torch::nn::Linear model(4, 1);
  torch::optim::SGD optimizer(model->parameters(), 0.1);
  for (int step = 0; step < 3; ++step) {
    optimizer.zero_grad();
    auto loss = compute_loss(model, torch::ones({2, 4}), torch::ones({step, 1}));
    if (!loss.defined()) continue;
    loss.backward();
    optimizer.step();
  }
}
