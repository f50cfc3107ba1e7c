#include <torch/torch.h>

#include <vector>

void train(torch::nn::Linear& model, torch::optim::SGD& optimizer,
           const std::vector<torch::Tensor>& batches, int accumulate) {
  int seen = 0;
  for (const auto& x : batches) {
    auto loss = model->forward(x).sum() / static_cast<double>(accumulate);
    loss.backward();
    if (++seen % accumulate == 0) {
      optimizer.step();
      optimizer.zero_grad();
    }
  }
}
