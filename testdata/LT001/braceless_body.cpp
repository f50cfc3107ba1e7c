#include <torch/torch.h>

int main() {
  torch::nn::Linear model(3, 1);
  torch::optim::RMSprop optimizer(model->parameters());
  // A body without braces: reported, with no line to add a call on.
  for (int i = 0; i < 5; ++i) model->forward(torch::ones({1, 3})).sum().backward(), optimizer.step();
}
