// SPDX-License-Identifier: GPL-3.0-or-later

extension DocumentEditor {
    /// Whether the next save writes the document whole, with one fresh cross-reference table,
    /// instead of appending an update: for a repaired copy (``wholeSaveRequested``) and for a
    /// file poppler opened only by rebuilding its cross-reference table. An update on such a
    /// file hangs off a chain other readers cannot follow: MuPDF repairs it again and may find
    /// the old page object, without the new annotation. Saving a signed document whole ends
    /// its signatures' validity, so the window asks first.
    public var savesWhole: Bool { wholeSaveRequested || core.wasReconstructed }
}
