#include <torch/torch.h>

void train_step(torch::nn::Linear& model, torch::optim::SGD& optimizer) {
  optimizer.zero_grad();
  auto loss = model->forward(torch::randn({8, 4})).abs().sum();
  loss.backward();
  optimizer.step();
}

int main() {
  torch::nn::Linear model(4, 1);
  torch::optim::SGD optimizer(model->parameters(), 0.01);
  torch::NoGradGuard no_grad;
  for (int epoch = 0; epoch < 2; ++epoch) train_step(model, optimizer);
}
