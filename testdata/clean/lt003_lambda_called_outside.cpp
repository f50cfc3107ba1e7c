#include <torch/torch.h>
#include <functional>

int main() {
  torch::nn::Linear model(4, 1);
  std::function<void()> train;
  {
    torch::NoGradGuard no_grad;
    auto probe = model->forward(torch::ones({1, 4}));
    train = [&] {
      auto loss = model->forward(torch::ones({2, 4})).sum();
      loss.backward();
    };
  }
  train();
}
