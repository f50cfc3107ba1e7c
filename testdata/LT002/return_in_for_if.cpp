#include <torch/torch.h>

// Skips the batch when any sample's label is out of range.
torch::Tensor batch_loss(torch::nn::Linear& model, const torch::Tensor& x,
                         const torch::Tensor& labels) {
  for (int64_t i = 0; i < labels.size(0); ++i) {
    if (labels[i].item<int64_t>() >= 3) {
      return {};
    }
  }
  return torch::cross_entropy_loss(model->forward(x), labels);
}

int main() {
  torch::nn::Linear model(5, 3);
  torch::optim::SGD optimizer(model->parameters(), 0.05);
  for (int it = 0; it < 4; ++it) {
    optimizer.zero_grad();
    auto loss = batch_loss(model, torch::randn({6, 5}), torch::randint(4, {6}));
    loss.backward();
    optimizer.step();
  }
}
