// SPDX-License-Identifier: GPL-3.0-or-later
import Platform

/// The tabs' labels: each tab's title, and where tabs of the window have the same title, the
/// part of their folders that tells them apart (``TabTitles``); the path as the tooltip.
extension TabWindow {
    /// Labels every tab again (a title changed, or a tab came or went).
    func refreshTabLabels() {
        let tabs = self.tabs
        let described = tabs.map { TabTitles.Tab(title: $0.baseTitle, path: $0.path) }
        let labels = TabTitles.labels(described, shown: tabs.map(\.shownTitle), home: homeDirectory)
        for (tab, label) in zip(tabs, labels) {
            tab.tabLabel.set(title: label, tooltip: tab.path)
        }
    }
}
