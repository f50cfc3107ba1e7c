#include <torch/torch.h>

#include <vector>

int main() {
  torch::nn::Linear model(4, 2);
  torch::optim::SGD optimizer(model->parameters(), 0.1);
  std::vector<torch::data::Example<>> batches = {{torch::randn({2, 4}), torch::randint(2, {2})},
                                                 {torch::randn({0, 4}), torch::randint(2, {0})}};
  auto step = [&](auto& batch) -> torch::Tensor {
    if (batch.data.size(0) == 0) return torch::Tensor{};
    return torch::cross_entropy_loss(model->forward(batch.data), batch.target);
  };
  for (auto& batch : batches) {
    optimizer.zero_grad();
    auto loss = step(batch);
    loss.backward();
    optimizer.step();
  }
}
