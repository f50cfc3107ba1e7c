#include <torch/torch.h>

void step(torch::nn::Linear& model) {
  torch::AutoGradMode enable(true);
  auto loss = model->forward(torch::ones({2, 4})).sum();
  loss.backward();
}

int main() {
  torch::nn::Linear model(4, 1);
  torch::NoGradGuard no_grad;
  {
    torch::AutoGradMode enable(true);
    auto loss = model->forward(torch::ones({2, 4})).sum();
    loss.backward();
  }
  step(model);
  auto leaf = torch::ones({2}).sum();
  leaf.requires_grad_();
  leaf.backward();
}
