#include <torch/torch.h>

#include <vector>

class Trainer {
 public:
  Trainer() : model_(4, 1), optimizer_(model_->parameters(), 0.01) {}

  torch::Tensor training_step(const torch::Tensor& x, const torch::Tensor& y) {
    auto pred = model_->forward(x);
    if (!torch::isfinite(pred).all().item<bool>()) return {};
    return torch::l1_loss(pred, y);
  }

  void fit(const std::vector<torch::Tensor>& inputs) {
    for (const auto& x : inputs) {
      optimizer_.zero_grad();
      torch::Tensor loss = this->training_step(x, torch::zeros({x.size(0), 1}));
      loss.backward();
      optimizer_.step();
    }
  }

 private:
  torch::nn::Linear model_;
  torch::optim::SGD optimizer_;
};

int main() {
  Trainer trainer;
  trainer.fit({torch::randn({2, 4}), torch::randn({3, 4})});
  auto last = trainer.training_step(torch::randn({1, 4}), torch::zeros({1, 1}));
  last.backward();
}
