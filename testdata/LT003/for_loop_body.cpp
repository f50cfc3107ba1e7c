#include <torch/torch.h>

int main() {
  torch::nn::Linear model(4, 1);
  torch::optim::SGD optimizer(model->parameters(), 0.1);
  for (int i = 0; i < 3; ++i) {
    at::NoGradGuard guard;
    optimizer.zero_grad();
    torch::Tensor loss = torch::mse_loss(model->forward(torch::ones({2, 4})), torch::zeros({2, 1}));
    loss.backward();
    optimizer.step();
  }
}
