// `loss` starts empty but every path gives it a value (both branches of the
// `if`), or hands it to a function that fills it: nothing undefined returns.
#include <torch/torch.h>

void fill_loss(torch::Tensor& out, const torch::Tensor& pred) { out = pred.sum(); }

torch::Tensor masked_loss(const torch::Tensor& pred, const torch::Tensor& target) {
  torch::Tensor loss;
  auto mask = target.ne(-1);
  if (mask.sum().item<int64_t>() > 0) {
    loss = torch::nll_loss(pred.index({mask}), target.index({mask}));
  } else {
    loss = pred.sum() * 0.0;
  }
  return loss;
}

torch::Tensor filled_loss(const torch::Tensor& pred) {
  torch::Tensor loss;
  fill_loss(loss, pred);
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
    filled_loss(logits).backward();
    optimizer.step();
  }
}
