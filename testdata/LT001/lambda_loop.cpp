#include <torch/torch.h>

int main() {
  torch::nn::Linear model(3, 1);
  torch::optim::AdamW optimizer(model->parameters(), torch::optim::AdamWOptions(1e-3));
  auto fit = [&](int epochs) {
    for (int epoch = 0; epoch < epochs; ++epoch) {
      auto loss = model->forward(torch::rand({5, 3})).abs().sum();
      loss.backward();
      optimizer.step();
    }
  };
  fit(3);
}
