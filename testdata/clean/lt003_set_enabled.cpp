#include <torch/torch.h>

int main() {
  torch::nn::Linear model(4, 1);
  c10::NoGradGuard no_grad;
  c10::GradMode::set_enabled(true);
  auto loss = model->forward(torch::ones({2, 4})).sum();
  loss.backward();
}
