#include <torch/torch.h>

at::Tensor masked_loss(const at::Tensor& pred, const at::Tensor& target) {
  auto mask = target.ne(-1);
  if (mask.sum().item<int64_t>() == 0) {
    return at::Tensor();
  }
  return torch::nll_loss(pred.index({mask}), target.index({mask}));
}

int main() {
  torch::nn::Linear model(8, 3);
  torch::optim::Adam optimizer(model->parameters());
  torch::Tensor loss;
  for (int epoch = 0; epoch < 2; ++epoch) {
    optimizer.zero_grad();
    auto logits = torch::log_softmax(model->forward(torch::randn({4, 8})), 1);
    loss = masked_loss(logits, torch::full({4}, -1, torch::kLong));
    loss.backward();
    optimizer.step();
  }
}
