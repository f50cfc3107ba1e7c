#include <torch/torch.h>

int main() {
  torch::nn::Linear model(4, 1);
  torch::optim::Adam optimizer(model->parameters());
  for (int i = 0; i < 3; ++i) {
    model->zero_grad();
    auto loss = model->forward(torch::ones({2, 4})).sum();
    loss.backward();
    optimizer.step();
  }
  // Gradients written by hand.
  for (int i = 0; i < 3; ++i) {
    for (auto& p : model->parameters()) p.mutable_grad() = torch::Tensor();
    model->forward(torch::ones({2, 4})).sum().backward();
    optimizer.step();
  }
}
