#include <torch/torch.h>

#include <iostream>

// Undefined when there is nothing to report; only ever printed.
torch::Tensor grad_norm(torch::nn::Linear& model) {
  if (!model->weight.grad().defined()) return {};
  return model->weight.grad().norm();
}

int main() {
  torch::nn::Linear model(4, 1);
  torch::optim::SGD optimizer(model->parameters(), 0.1);
  std::cout << grad_norm(model) << "\n";
  optimizer.zero_grad();
  auto loss = model->forward(torch::ones({2, 4})).sum();
  loss.backward();
  std::cout << grad_norm(model) << "\n";
  optimizer.step();
}
