#include <torch/torch.h>
#include <iostream>

int main() {
  torch::nn::Linear model(4, 1);
  torch::optim::SGD optimizer(model->parameters(), 0.1);
  for (int i = 0; i < 3; ++i) {
    auto loss = model->forward(torch::ones({2, 4})).sum();
    loss.backward();
    optimizer.step();
    std::cout << loss.item<float>() << "\n";
  }
}
