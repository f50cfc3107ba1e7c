#include <torch/torch.h>

int main() {
  torch::nn::Linear model(4, 1);
  torch::optim::SGD optimizer(model->parameters(), 0.1);
  c10::AutoGradMode mode(false);
  torch::Tensor loss;
  loss = model->forward(torch::ones({2, 4})).sum();
  loss.backward();
  optimizer.step();
}
