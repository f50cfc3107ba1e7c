#include <torch/torch.h>

torch::Tensor compute_loss(torch::nn::Linear& model, const torch::Tensor& x) {
  if (x.size(0) == 0) return torch::zeros({});
  return model->forward(x).pow(2).mean();
}

int main() {
  torch::nn::Linear model(4, 1);
  torch::optim::SGD optimizer(model->parameters(), 0.1);
  optimizer.zero_grad();
  auto loss = compute_loss(model, torch::ones({2, 4}));
  loss.backward();
  optimizer.step();
}
