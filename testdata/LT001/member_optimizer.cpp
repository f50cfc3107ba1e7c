#include <torch/torch.h>

class Trainer {
 public:
  Trainer() : model_(6, 2), optimizer_(model_->parameters(), 0.05) {}

  void epoch(int batches) {
    do {
      auto out = model_->forward(torch::randn({4, 6}));
      auto loss = torch::nn::functional::cross_entropy(out, torch::zeros({4}, torch::kLong));
      loss.backward();
      this->optimizer_.step();
    } while (--batches > 0);
  }

 private:
  torch::nn::Linear model_;
  torch::optim::SGD optimizer_;
};
