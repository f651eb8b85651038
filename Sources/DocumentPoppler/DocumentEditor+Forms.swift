// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// The form as the editor read it from the file: each terminal field's objects, the field as the
/// app shows it (with the file's value), and the objects' dictionaries as the file had them, so
/// that setting a field back to the file's value puts back the file's own appearance.
struct FormState {
    /// Terminal fields in the tree's order, each with its objects. Two terminal fields may have
    /// the same name (some producers write one field object per page): by the standard they
    /// are one field with one value, so a value is written to every one of them.
    var stored: [StoredFormField] = []
    /// The same fields as the app shows them, with the file's values.
    var fields: [FormField] = []
    var fileValues: [String: FormValue?] = [:]
    var fileDictionaries: [ObjectRef: PDFDictionary] = [:]
    /// The index in `fields` of the field each widget annotation belongs to.
    var fieldByWidget: [String: Int] = [:]
}

extension ObjectRef {
    init(_ r: PDFReference) { self.init(r.number, r.generation) }
    var pdfReference: PDFReference { PDFReference(number, generation) }
}

extension DocumentEditor {
    // MARK: Reading the form

    /// Every terminal field of the document's interactive form with its current value (edited
    /// or the file's), in the order of the field tree; empty when the document has no form.
    /// Fields with the same name share their value.
    public func formFields() -> [FormField] {
        let state = loadForm()
        return state.fields.map { field in
            var f = field
            f.value = model.fieldValue(field.name)
            return f
        }
    }

    /// The field named `name` with its current value.
    public func formField(named name: String) -> FormField? {
        let state = loadForm()
        let same = state.fields.filter { $0.name == name }
        guard var f = same.first else { return nil }
        f.value = model.fieldValue(name)
        f.widgets = same.flatMap(\.widgets)
        return f
    }

    /// The field a widget annotation shows, with the widget.
    public func formField(forWidget annotationID: String) -> (field: FormField, widget: FormWidget)? {
        let state = loadForm()
        guard let index = state.fieldByWidget[annotationID],
              let widget = state.fields[index].widgets.first(where: { $0.annotationID == annotationID }) else { return nil }
        var field = state.fields[index]
        field.value = model.fieldValue(field.name)
        return (field, widget)
    }

    /// The widgets Tab visits, in the document's order (``FormTabOrder``).
    public func formTabStops() -> [FormStop] {
        let fields = formFields()
        var orders: [PageIndex: FormTabOrder.PageOrder] = [:]
        return FormTabOrder.stops(fields, annotationIndex: { id in
            guard let page = self.model.annotation(id)?.page ?? DocumentEditor.pageNumber(inID: id).map(PageIndex.init) else { return nil }
            return self.model.annotations(on: page).firstIndex { $0.id == id }
        }, pageOrder: { page in
            if let known = orders[page] { return known }
            let tabs = self.pageObject(self.corePage(page)).flatMap { self.core.object($0)?.dictionaryValue?["Tabs"]?.nameValue }
            let order = FormTabOrder.PageOrder(tabs: tabs)
            orders[page] = order
            return order
        })
    }

    /// Reads the form the first time (the catalog's /AcroForm, its field tree, each widget's
    /// page and annotation id), and the fields' values into the model.
    @discardableResult
    func loadForm() -> FormState {
        if let formState { return formState }
        var state = FormState()
        defer { formState = state }
        let resolve: (PDFReference) -> PDFObject? = { [core] in core.object(ObjectRef($0)) }
        guard let catalog = core.catalogRef, var acroObject = core.object(catalog)?.dictionaryValue?["AcroForm"] else { return state }
        if case .reference(let n, let g) = acroObject { acroObject = core.object(ObjectRef(n, g)) ?? .null }
        guard let acroForm = acroObject.dictionaryValue else { return state }
        let stored = FormFieldReader.fields(acroForm: acroForm, resolve: resolve)
        guard !stored.isEmpty else { return state }
        // Which page each widget is on: its /P, else the page whose /Annots lists it.
        var pageByRef: [ObjectRef: PageIndex] = [:]
        for i in 0..<pageCount { if let r = pageObject(corePage(PageIndex(i))) { pageByRef[r] = PageIndex(i) } }
        var listedOn: [ObjectRef: PageIndex]?
        func page(of widget: ObjectRef, _ d: PDFDictionary) -> PageIndex? {
            if case .reference(let n, let g)? = d["P"], let p = pageByRef[ObjectRef(n, g)],
               annotationRefs(onFilePage: corePage(p)).contains(widget) { return p }
            if listedOn == nil {
                var map: [ObjectRef: PageIndex] = [:]
                for i in 0..<pageCount {
                    for case let r? in annotationRefs(onFilePage: corePage(PageIndex(i))) where map[r] == nil { map[r] = PageIndex(i) }
                }
                listedOn = map
            }
            return listedOn?[widget]
        }
        for s in stored {
            state.fileDictionaries[ObjectRef(s.reference)] = resolve(s.reference)?.dictionaryValue
            var widgets: [FormWidget] = []
            for (ref, d) in s.widgets {
                let objectRef = ObjectRef(ref)
                state.fileDictionaries[objectRef] = d
                guard let p = page(of: objectRef, d) else { continue }
                loadPage(p)
                guard let id = idsByRef[objectRef], let annotation = model.annotation(id) else { continue }
                widgets.append(FormWidget(annotationID: id, page: p, rect: annotation.rect,
                                          onState: FormFieldReader.onState(d, resolve: resolve),
                                          isHidden: FormFieldReader.isHidden(d), look: FormFieldReader.look(d)))
            }
            guard let field = FormFieldReader.field(s, widgets: widgets) else { continue }
            for w in widgets { state.fieldByWidget[w.annotationID] = state.fields.count }
            state.stored.append(s)
            state.fields.append(field)
            if state.fileValues[s.name] == nil { state.fileValues[s.name] = field.value }
            model.loadField(s.name, value: field.value)
        }
        return state
    }

    /// The pages whose drawing `edit` changes: its annotations' pages, and for a field value
    /// the pages of the field's widgets.
    public func pages(changedBy edit: AnnotationEdit) -> Set<PageIndex> {
        guard case .setFieldValue(let name, _, _) = edit else { return edit.pages }
        return Set(loadForm().fields.filter { $0.name == name }.flatMap(\.widgets).map(\.page))
    }

    // MARK: Writing a value

    /// Writes a field's value: /V (and /I for a list box) on the field, and on each widget the
    /// state a check box or radio button shows (/AS) or a new appearance stream showing the
    /// text. Setting the value the file had puts back the file's own dictionaries' /V, /I,
    /// /AP and /AS, so an undo leaves the objects as they were.
    func writeFieldValue(_ name: String, _ value: FormValue?) throws(CoreDocumentError) {
        let state = loadForm()
        let indices = state.fields.indices.filter { state.fields[$0].name == name }
        guard !indices.isEmpty else { throw .rejected("no form field named \(name)") }
        let backToFile = state.fileValues[name] == value
        var pending: [ObjectRef: PDFDictionary] = [:]
        for i in indices {
            var field = state.fields[i]
            field.value = value
            try write(value, of: field, stored: state.stored[i], backToFile: backToFile, state: state, into: &pending)
        }
        for (ref, d) in pending.sorted(by: { ($0.key.number, $0.key.generation) < ($1.key.number, $1.key.generation) }) {
            try core.setObject(.dictionary(d), at: ref)
            if let id = idsByRef[ref] { dictionaries[id] = d }
        }
    }

    /// The changed dictionaries of one field object and its widgets, into `pending`.
    private func write(_ value: FormValue?, of field: FormField, stored: StoredFormField, backToFile: Bool, state: FormState,
                       into pending: inout [ObjectRef: PDFDictionary]) throws(CoreDocumentError) {
        func dictionary(_ ref: ObjectRef) -> PDFDictionary {
            pending[ref] ?? idsByRef[ref].flatMap { dictionaries[$0] } ?? core.object(ref)?.dictionaryValue ?? PDFDictionary()
        }
        let fieldRef = ObjectRef(stored.reference)
        var fd = dictionary(fieldRef)
        if backToFile {
            fd["V"] = state.fileDictionaries[fieldRef]?["V"]
            fd["I"] = state.fileDictionaries[fieldRef]?["I"]
        } else {
            fd["V"] = value.map(FormFieldReader.object)
            if field.kind == .listBox {
                let chosen: [String]
                if case .choices(let list)? = value { chosen = list } else { chosen = [] }
                let indices = field.options.indices.filter { chosen.contains(field.options[$0].exportValue) }
                fd["I"] = indices.isEmpty ? nil : .array(indices.map { .integer($0) })
            }
        }
        pending[fieldRef] = fd
        for widget in field.widgets {
            guard let ref = refs[widget.annotationID] else { continue }
            var wd = dictionary(ref)
            if backToFile {
                wd["AP"] = state.fileDictionaries[ref]?["AP"]
                wd["AS"] = state.fileDictionaries[ref]?["AS"]
            } else {
                switch field.kind {
                case .checkBox, .radioButton:
                    if let on = widget.onState { wd["AS"] = .name(value == .state(on) ? on : "Off") }
                case .text, .comboBox, .listBox:
                    if let stream = AppearanceBuilder.fieldAppearance(field, widget: widget, value: value) {
                        var form = PDFDictionary([
                            ("Type", .name("XObject")), ("Subtype", .name("Form")),
                            ("BBox", .numbers([stream.boundingBox.minX, stream.boundingBox.minY, stream.boundingBox.maxX, stream.boundingBox.maxY])),
                        ])
                        if let matrix = stream.matrix { form["Matrix"] = .numbers(matrix) }
                        if !stream.resources.isEmpty { form["Resources"] = .dictionary(stream.resources) }
                        let ap = try core.addStream(form, data: stream.content)
                        wd["AP"] = .dictionary(PDFDictionary([("N", .reference(ap.number, ap.generation))]))
                        wd["AS"] = nil
                    }
                case .pushButton, .signature:
                    break
                }
            }
            pending[ref] = wd
        }
    }
}
