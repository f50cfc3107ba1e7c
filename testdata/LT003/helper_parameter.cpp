#include <torch/torch.h>

void apply(torch::Tensor loss, torch::optim::Optimizer& optimizer) {
  optimizer.zero_grad();
  loss.backward();
  optimizer.step();
}

int main() {
  torch::nn::Linear model(4, 1);
  torch::optim::SGD optimizer(model->parameters(), 0.1);
  torch::NoGradGuard no_grad;
  apply(model->forward(torch::ones({2, 4})).sum(), optimizer);
}
