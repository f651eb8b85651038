// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import InteractionEngine

/// What the window and the state dump ask of the reader's interaction, through the canvas:
/// the tool picked, the pen and finger settings, the selection, the interaction components.
/// The window never reaches into the engine itself.
extension PdfCanvas {
    /// The creation tool picked, `nil` for Select.
    public var pickedTool: ToolID? { interaction.pickedTool }
    /// Whether a pen draws whatever the tool (the main menu's setting).
    public var penDrawsAtOnce: Bool {
        get { interaction.penDrawsAtOnce }
        set { interaction.penDrawsAtOnce = newValue }
    }
    /// Whether a finger draws after a pen was used ("Draw with Finger").
    public var fingerDraws: Bool {
        get { interaction.fingerDraws }
        set { interaction.fingerDraws = newValue }
    }
    /// The selected annotations in the order they were selected (the last is the primary one).
    public var selectedAnnotations: [AnnotationID] { interaction.selectedAnnotations }
    public var selectedAnnotation: AnnotationID? { interaction.selectedAnnotation }
    public var hoveredAnnotation: AnnotationID? { interaction.hoveredAnnotation }
    public var focusedFormField: AnnotationID? { interaction.focusedFormField }
    public func deselectAnnotations() { apply(session.perform(.deselect)) }

    /// The selected annotations' rectangles on screen.
    public var selectedAnnotationRects: [Rect] { session.frame.selection.shownOutlines }

    /// The named interaction components and their settings (edge taps, page turns), for the
    /// View menu and the command line.
    public var interactions: Interactions { interaction.engine.interactions }
}
