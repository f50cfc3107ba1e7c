#include <torch/torch.h>

#include <vector>

// Gradients add up over the micro-batches of a step, as meant, but also
// over every step, as not meant.
void train(torch::nn::Linear& model, torch::optim::SGD& optimizer,
           const std::vector<std::vector<torch::Tensor>>& steps) {
  for (const auto& micro_batches : steps) {
    for (const auto& x : micro_batches) {
      auto loss = model->forward(x).sum() / static_cast<double>(micro_batches.size());
      loss.backward();
    }
    optimizer.step();
  }
}
