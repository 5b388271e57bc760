#include "topology/hwloc_gpus.h"

#include "topology/xml_precheck.h"

#include <hwloc.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <tuple>
#include <vector>

namespace accord::topology {

namespace {

using core::GpuLink;

struct TopologyDeleter {
    void operator()(hwloc_topology *t) const { hwloc_topology_destroy(t); }
};
using Topology = std::unique_ptr<hwloc_topology, TopologyDeleter>;

Topology load(std::string_view xml)
{
    check_hwloc_xml(xml);
    hwloc_topology_t raw = nullptr;
    if (hwloc_topology_init(&raw) != 0)
        throw std::runtime_error("hwloc cannot make a topology");
    Topology t(raw);
    // Without this hwloc drops PCI devices when it loads the XML.
    hwloc_topology_set_io_types_filter(raw, HWLOC_TYPE_FILTER_KEEP_ALL);
    std::string text(xml);  // hwloc wants it NUL-terminated, the NUL counted
    if (xml.size() >= static_cast<size_t>(INT32_MAX) ||
        hwloc_topology_set_xmlbuffer(raw, text.c_str(), static_cast<int>(text.size() + 1)) != 0 ||
        hwloc_topology_load(raw) != 0)
        throw std::runtime_error("hwloc cannot read it as an XML topology (as lstopo --of xml writes)");
    return t;
}

constexpr unsigned short kNvidia = 0x10de, kAmd = 0x1002, kIntel = 0x8086;

bool is_gpu(hwloc_obj_t pci)
{
    unsigned short cls = pci->attr->pcidev.class_id, vendor = pci->attr->pcidev.vendor_id;
    if (cls == 0x0302)  // 3D controller
        return true;
    bool gpu_vendor = vendor == kNvidia || vendor == kAmd || vendor == kIntel;
    return gpu_vendor && (cls == 0x0300 || cls == 0x0380 || (cls >> 8) == 0x12);
}

auto bus_id(hwloc_obj_t pci)
{
    const auto &a = pci->attr->pcidev;
    return std::make_tuple(a.domain, a.bus, a.dev, a.func);
}

std::vector<hwloc_obj_t> gpus_by_bus_id(hwloc_topology_t t)
{
    std::vector<hwloc_obj_t> gpus;
    for (hwloc_obj_t pci = hwloc_get_next_pcidev(t, nullptr); pci; pci = hwloc_get_next_pcidev(t, pci))
        if (is_gpu(pci))
            gpus.push_back(pci);
    std::stable_sort(gpus.begin(), gpus.end(), [](hwloc_obj_t a, hwloc_obj_t b) { return bus_id(a) < bus_id(b); });
    return gpus;
}

// Where the paths of `a` and `b` to the root meet (hwloc's own
// hwloc_get_common_ancestor_obj takes CPU-side objects only).
hwloc_obj_t meeting_point(hwloc_obj_t a, hwloc_obj_t b)
{
    std::vector<hwloc_obj_t> above_a;
    for (hwloc_obj_t o = a; o; o = o->parent)
        above_a.push_back(o);
    for (hwloc_obj_t o = b; o; o = o->parent)
        if (std::find(above_a.begin(), above_a.end(), o) != above_a.end())
            return o;
    return nullptr;
}

bool in_package(hwloc_obj_t o)
{
    for (; o; o = o->parent)
        if (o->type == HWLOC_OBJ_PACKAGE)
            return true;
    return false;
}

GpuLink link_at(hwloc_obj_t meet)
{
    if (!meet)
        return GpuLink::Machine;
    if (meet->type == HWLOC_OBJ_BRIDGE)
        return meet->attr->bridge.upstream_type == HWLOC_OBJ_BRIDGE_HOST ? GpuLink::HostBridge : GpuLink::PciSwitch;
    if (meet->type == HWLOC_OBJ_PCI_DEVICE)
        return GpuLink::PciSwitch;
    if (!meet->nodeset || hwloc_bitmap_weight(meet->nodeset) <= 1)
        return GpuLink::NumaNode;
    return in_package(meet) ? GpuLink::Package : GpuLink::Machine;
}

}  // namespace

core::GpuTopology gpu_topology_from_xml(std::string_view xml)
{
    Topology t = load(xml);
    std::vector<hwloc_obj_t> gpus = gpus_by_bus_id(t.get());
    if (gpus.empty())
        throw std::runtime_error("no GPU in it (no PCI 3D controller, nor a display device by NVIDIA, AMD or Intel)");
    if (gpus.size() > static_cast<size_t>(core::kMaxTopologyGpus))
        throw std::runtime_error(std::to_string(gpus.size()) + " GPUs, more than " +
                                 std::to_string(core::kMaxTopologyGpus));
    size_t n = gpus.size();
    std::vector<std::vector<GpuLink>> links(n, std::vector<GpuLink>(n, GpuLink::Same));
    for (size_t a = 0; a < n; a++)
        for (size_t b = 0; b < n; b++)
            if (a != b)
                links[a][b] = link_at(meeting_point(gpus[a], gpus[b]));
    try {
        return core::GpuTopology(std::move(links));
    } catch (const std::invalid_argument &e) {
        throw std::runtime_error(e.what());
    }
}

core::GpuTopology read_gpu_topology(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw std::runtime_error(path + ": cannot open: " + std::strerror(errno));
    std::string xml(kMaxXmlBytes + 1, '\0');
    in.read(xml.data(), static_cast<std::streamsize>(xml.size()));
    if (in.bad())
        throw std::runtime_error(path + ": cannot read: " + std::strerror(errno));
    xml.resize(static_cast<size_t>(in.gcount()));
    if (xml.size() > kMaxXmlBytes)
        throw std::runtime_error(path + ": larger than " + std::to_string(kMaxXmlBytes) + " bytes");
    try {
        return gpu_topology_from_xml(xml);
    } catch (const std::runtime_error &e) {
        throw std::runtime_error(path + ": " + e.what());
    }
}

}  // namespace accord::topology
