// SPDX-License-Identifier: GPL-3.0-or-later
// Interaction-engine benchmarks (not tests): `swift run -c release engine-bench`.
// Each prints its own figure beside the goal from the engine's issue.
runHitTestBenchmark()
runEventThroughputBenchmark()
runSmartPenBenchmark()
runLassoBenchmark()
runLassoSessionBenchmark()
