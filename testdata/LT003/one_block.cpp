#include <torch/torch.h>

int main() {
  torch::nn::Linear model(4, 1);
  torch::optim::SGD optimizer(model->parameters(), 0.1);
  torch::NoGradGuard no_grad;
  auto loss = model->forward(torch::ones({2, 4})).sum();
  optimizer.zero_grad();
  loss.backward();
  optimizer.step();
}
