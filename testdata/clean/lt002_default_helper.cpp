#include <torch/torch.h>

// An optional mask: undefined means "no mask".
torch::Tensor padding_mask(const torch::Tensor& lengths, bool enabled) {
  if (!enabled) return torch::Tensor();
  return torch::arange(4).unsqueeze(0) < lengths.unsqueeze(1);
}

int main() {
  torch::nn::Linear model(4, 1);
  torch::optim::SGD optimizer(model->parameters(), 0.1);
  auto mask = padding_mask(torch::tensor({2, 3}), false);
  auto input = torch::ones({2, 4});
  if (mask.defined()) input = input * mask;
  optimizer.zero_grad();
  auto loss = model->forward(input).sum();
  loss.backward();
  optimizer.step();
}
