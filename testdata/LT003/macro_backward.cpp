#include <torch/torch.h>

#define BACKWARD(l) (l).backward()

int main() {
  torch::nn::Linear model(4, 1);
  torch::NoGradGuard no_grad;
  auto loss = model->forward(torch::ones({2, 4})).sum();
  BACKWARD(loss);
}
