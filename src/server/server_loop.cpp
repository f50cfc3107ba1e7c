#include "server/server_loop.h"

#include <llvm/Support/JSON.h>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "server/language_server.h"
#include "server/lsp_transport.h"

namespace lightfix {

namespace {

// How long the client must be quiet before a pending check runs: a burst
// of keystrokes is checked once.
constexpr std::chrono::milliseconds kQuietPeriod{30};
// How long, after `exit`, the stream is given to end.
constexpr std::chrono::milliseconds kReaderGrace{200};

// The bodies read so far, and whether the stream has ended.
class Inbox {
 public:
  void push(std::string body) {
    std::lock_guard<std::mutex> lock(mutex_);
    bodies_.push_back(std::move(body));
    ready_.notify_one();
  }
  void close(std::string why) {
    std::lock_guard<std::mutex> lock(mutex_);
    closed_ = true;
    why_ = std::move(why);
    ready_.notify_one();
  }
  // The next body; none when the stream has ended (`ended`) or, with a
  // `wait`, when none came within it.
  std::optional<std::string> pop(std::optional<std::chrono::milliseconds> wait, bool& ended) {
    std::unique_lock<std::mutex> lock(mutex_);
    auto ready = [&] { return !bodies_.empty() || closed_; };
    if (wait)
      ready_.wait_for(lock, *wait, ready);
    else
      ready_.wait(lock, ready);
    ended = bodies_.empty() && closed_;
    if (bodies_.empty()) return std::nullopt;
    std::string body = std::move(bodies_.front());
    bodies_.pop_front();
    return body;
  }
  // Whether the stream ends within `wait`.
  bool waitClosed(std::chrono::milliseconds wait) {
    std::unique_lock<std::mutex> lock(mutex_);
    return ready_.wait_for(lock, wait, [&] { return closed_; });
  }
  std::string why() {
    std::lock_guard<std::mutex> lock(mutex_);
    return why_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::string> bodies_;
  bool closed_ = false;
  std::string why_;
};

}  // namespace

int runServer(std::istream& in, std::ostream& out, std::ostream& err) {
  LanguageServer server([&](const llvm::json::Value& message) { writeMessage(out, message); });
  // Shared with the reader, which outlives this call when `exit` comes
  // before the client closes the stream.
  auto inbox = std::make_shared<Inbox>();
  std::thread reader([inbox, &in] {
    std::string error;
    while (std::optional<std::string> body = readMessage(in, error)) inbox->push(std::move(*body));
    inbox->close(error);
  });
  while (!server.exited()) {
    bool ended = false;
    std::optional<std::chrono::milliseconds> wait;
    if (server.checkPending()) wait = kQuietPeriod;
    std::optional<std::string> body = inbox->pop(wait, ended);
    if (ended) break;
    if (!body) {
      server.check();
      continue;
    }
    llvm::Expected<llvm::json::Value> message = llvm::json::parse(*body);
    if (!message) {
      server.malformed("not JSON: " + llvm::toString(message.takeError()));
      continue;
    }
    server.handle(*message);
  }
  // After `exit`, the reader is joined once the stream ends: it reads the
  // caller's stream, which may not outlive this call. A client holding the
  // stream open leaves it reading until the process ends.
  if (server.exited() && !inbox->waitClosed(kReaderGrace)) {
    reader.detach();
  } else if (server.exited()) {
    reader.join();
  } else {
    reader.join();
    if (std::string why = inbox->why(); !why.empty()) err << "lightfix server: " << why << "\n";
  }
  return server.exitCode();
}

}  // namespace lightfix
