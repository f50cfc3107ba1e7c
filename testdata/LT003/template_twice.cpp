#include <torch/torch.h>

template <typename Module>
void fit(Module& model, const torch::Tensor& x) {
  torch::NoGradGuard no_grad;
  auto loss = model->forward(x).mean();
  loss.backward();
}

int main() {
  torch::nn::Linear linear(4, 1);
  torch::nn::Conv1d conv(1, 1, 3);
  fit(linear, torch::ones({2, 4}));
  fit(conv, torch::ones({1, 1, 8}));
}
