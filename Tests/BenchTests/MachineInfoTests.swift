import Testing

@testable import Bench

/// Reading the machine's description from the texts of `/proc/cpuinfo`, `/proc/meminfo` and `/etc/os-release`.
@Suite struct MachineInfoTests {
    @Test func cpuModelIsTheFirstModelNameWithSpacesCollapsed() {
        let cpuinfo = """
            processor\t: 0
            vendor_id\t: GenuineIntel
            model name\t: Intel(R) Xeon(R)   CPU @ 2.20GHz
            processor\t: 1
            model name\t: Other
            """
        #expect(MachineInfo.cpuModel(cpuinfo: cpuinfo) == "Intel(R) Xeon(R) CPU @ 2.20GHz")
        #expect(MachineInfo.cpuModel(cpuinfo: "processor : 0\nHardware : BCM2835\n") == "BCM2835")
        #expect(MachineInfo.cpuModel(cpuinfo: "processor : 0\n") == nil)
    }

    @Test func memoryIsMemTotalInBytes() {
        #expect(MachineInfo.memoryBytes(meminfo: "MemTotal:        8165432 kB\nMemFree: 1 kB\n") == 8_361_402_368)
        #expect(MachineInfo.memoryBytes(meminfo: "MemFree: 1 kB\n") == nil)
    }

    @Test func osIsThePrettyNameUnquoted() {
        let osRelease = """
            NAME="Debian GNU/Linux"
            PRETTY_NAME="Debian GNU/Linux 13 (trixie)"
            ID=debian
            """
        #expect(MachineInfo.prettyName(osRelease: osRelease) == "Debian GNU/Linux 13 (trixie)")
        #expect(MachineInfo.prettyName(osRelease: "PRETTY_NAME=Alpine\n") == "Alpine")
        #expect(MachineInfo.prettyName(osRelease: "ID=x\n") == nil)
    }

    @Test func currentMachineHasCoresAndNeverFails() {
        let machine = MachineInfo.current()
        #expect(machine.cores >= 1)
        #expect(!machine.cpuModel.isEmpty)
        #expect(!machine.os.isEmpty)
        #expect(machine.memoryBytes >= 0)
    }
}
