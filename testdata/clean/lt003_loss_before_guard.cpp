#include <torch/torch.h>

int main() {
  torch::nn::Linear model(4, 1);
  torch::optim::SGD optimizer(model->parameters(), 0.1);
  auto loss = model->forward(torch::ones({2, 4})).sum();
  torch::Tensor copy = loss;
  {
    torch::NoGradGuard no_grad;
    loss.backward();
    torch::Tensor same = copy;
    same.backward();
    optimizer.step();
  }
}
