#include <torch/torch.h>

struct Batch {
  torch::Tensor x, y;
};

torch::Tensor compute(torch::nn::Linear& model, const Batch& b) {
  if (!b.y.defined()) return torch::Tensor{};
  return torch::binary_cross_entropy_with_logits(model->forward(b.x), b.y);
}

int main() {
  torch::nn::Linear model(2, 1);
  torch::optim::AdamW optimizer(model->parameters());
  Batch b{torch::randn({8, 2}), torch::Tensor()};
  optimizer.zero_grad();
  compute(model, b).backward();
  optimizer.step();
}
