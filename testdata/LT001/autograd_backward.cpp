#include <torch/torch.h>

int main() {
  torch::nn::Linear model(3, 1);
  torch::optim::RMSprop optimizer(model->parameters());
  for (int i = 0; i < 5; ++i) {
    auto loss = model->forward(torch::ones({1, 3})).sum();
    torch::autograd::backward({loss});
    optimizer.step();
  }
}
