// probe_nvml.h: the few NVML calls hetscope-probe makes (board energy,
// power, power limit), loaded at run time from the driver's
// libnvidia-ml.so.1. The probe builds without NVML's header or library
// and runs where NVML is missing: the energy rows are then left out and
// the CSV says why.
#pragma once

#include <dlfcn.h>

#include <string>

namespace probe {

class Nvml {
 public:
  Nvml() = default;
  Nvml(const Nvml&) = delete;
  Nvml& operator=(const Nvml&) = delete;
  ~Nvml() {
    if (initialized_ && shutdown_) shutdown_();
    if (lib_) dlclose(lib_);
  }

  // Load NVML and find the board with PCI bus id `bus_id` (as
  // cudaDeviceGetPCIBusId writes it). False with the reason in why().
  bool open(const std::string& bus_id) {
    lib_ = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib_) lib_ = dlopen("libnvidia-ml.so", RTLD_NOW | RTLD_LOCAL);
    if (!lib_) {
      why_ = "NVML (libnvidia-ml.so.1, part of the NVIDIA driver) cannot be loaded";
      return false;
    }
    if (!need(init_, "nvmlInit_v2") || !need(shutdown_, "nvmlShutdown") ||
        !need(error_string_, "nvmlErrorString") ||
        !need(by_bus_id_, "nvmlDeviceGetHandleByPciBusId_v2")) {
      return false;
    }
    optional(energy_, "nvmlDeviceGetTotalEnergyConsumption");
    optional(power_, "nvmlDeviceGetPowerUsage");
    optional(limit_, "nvmlDeviceGetEnforcedPowerLimit");
    int r = init_();
    if (r != kSuccess) {
      why_ = std::string("nvmlInit: ") + error_string_(r);
      return false;
    }
    initialized_ = true;
    r = by_bus_id_(bus_id.c_str(), &device_);
    if (r != kSuccess) {
      why_ = "nvmlDeviceGetHandleByPciBusId(" + bus_id + "): " + error_string_(r);
      return false;
    }
    return true;
  }

  const std::string& why() const { return why_; }

  // Total board energy since the driver loaded, mJ (Volta and later).
  bool energy_mj(unsigned long long* mj) const {
    return device_ && energy_ && energy_(device_, mj) == kSuccess;
  }

  // Board power now, mW.
  bool power_mw(unsigned* mw) const { return device_ && power_ && power_(device_, mw) == kSuccess; }

  // The power limit the board enforces, mW.
  bool power_limit_mw(unsigned* mw) const {
    return device_ && limit_ && limit_(device_, mw) == kSuccess;
  }

 private:
  struct DeviceHandle;                   // nvmlDevice_t is an opaque pointer
  using Device = DeviceHandle*;
  static constexpr int kSuccess = 0;     // NVML_SUCCESS

  template <typename F>
  bool need(F& f, const char* name) {
    if (optional(f, name)) return true;
    why_ = std::string("NVML has no ") + name;
    return false;
  }

  template <typename F>
  bool optional(F& f, const char* name) {
    void* p = dlsym(lib_, name);
    f = reinterpret_cast<F>(p);
    return p != nullptr;
  }

  void* lib_ = nullptr;
  bool initialized_ = false;
  Device device_ = nullptr;
  std::string why_;
  // NVML returns nvmlReturn_t, an enum of int size.
  int (*init_)() = nullptr;
  int (*shutdown_)() = nullptr;
  const char* (*error_string_)(int) = nullptr;
  int (*by_bus_id_)(const char*, Device*) = nullptr;
  int (*energy_)(Device, unsigned long long*) = nullptr;
  int (*power_)(Device, unsigned*) = nullptr;
  int (*limit_)(Device, unsigned*) = nullptr;
};

}  // namespace probe
