// SPDX-License-Identifier: GPL-3.0-or-later
import Document

extension DocumentEditor {
    /// How the document asks to be shown: its catalog's /PageLayout name, and whether its
    /// /ViewerPreferences /Direction is /R2L (a right-to-left book).
    public var preferredLayout: (pageLayout: String?, rightToLeft: Bool) {
        guard let catalog = core.catalogRef, let dictionary = core.object(catalog)?.dictionaryValue else { return (nil, false) }
        var preferences = dictionary["ViewerPreferences"]
        if case .reference(let n, let g)? = preferences { preferences = core.object(ObjectRef(n, g)) }
        return (dictionary["PageLayout"]?.nameValue, preferences?.dictionaryValue?["Direction"]?.nameValue == "R2L")
    }
}
