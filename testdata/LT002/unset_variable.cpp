// `loss` is given a value only when some target is not ignored: on a batch
// where every target is -1 the function returns an undefined tensor.
#include <torch/torch.h>

torch::Tensor masked_loss(const torch::Tensor& pred, const torch::Tensor& target) {
  torch::Tensor loss;
  auto mask = target.ne(-1);
  if (mask.sum().item<int64_t>() > 0) {
    loss = torch::nll_loss(pred.index({mask}), target.index({mask}));
  }
  return loss;
}

int main() {
  torch::nn::Linear model(8, 3);
  torch::optim::Adam optimizer(model->parameters());
  for (int epoch = 0; epoch < 2; ++epoch) {
    optimizer.zero_grad();
    auto logits = torch::log_softmax(model->forward(torch::randn({4, 8})), 1);
    auto loss = masked_loss(logits, torch::full({4}, -1, torch::kLong));
    loss.backward();
    optimizer.step();
  }
}
