#pragma once
// A fresh folder holding train.py, the LF001 sample (lf001_sample.h), for
// the command-line tests that run the binary on it.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "lf001_sample.h"
#include "test_support.h"

class FaultyTrainPy : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = lightfix::testing::freshTempDir();
    std::ofstream(dir / "train.py", std::ios::binary) << kFaulty;
  }
  void TearDown() override { std::filesystem::remove_all(dir); }
  std::filesystem::path dir;
};
