#include <torch/torch.h>
#include <iostream>

int main() {
  torch::nn::Linear model(4, 1);
  torch::optim::SGD optimizer(model->parameters(), 0.1);
  {
    torch::NoGradGuard no_grad;
    std::cout << model->forward(torch::ones({2, 4})).sum().item<float>() << "\n";
  }
  auto loss = model->forward(torch::ones({2, 4})).sum();
  loss.backward();
  optimizer.step();
}
