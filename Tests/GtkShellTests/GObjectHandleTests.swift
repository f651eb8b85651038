// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
@testable import GtkShell
import XCTest

/// A GMenu stands in for any GObject (GIO's, so no display is needed): its reference count is
/// read from the instance and its finalisation seen through a weak reference.
final class GObjectHandleTests: XCTestCase {
    func testAnAdoptingHandleTakesOverTheReferenceAndDropsItExactlyOnce() {
        let menu = g_menu_new()!
        let finalised = watchFinalisation(menu)
        defer { finalised.deallocate() }
        g_object_ref(raw(menu)) // the test's own, to see the count after the handle goes
        var handle: GObjectHandle<OpaquePointer>? = GObjectHandle(adopting: menu)
        XCTAssertEqual(referenceCount(menu), 2)
        withExtendedLifetime(handle) {}
        handle = nil
        XCTAssertEqual(referenceCount(menu), 1)
        XCTAssertEqual(finalised.pointee, 0)
        g_object_unref(raw(menu))
        XCTAssertEqual(finalised.pointee, 1)
    }

    func testARetainingHandleTakesAReferenceOfItsOwnAndGivesItBack() {
        let menu = g_menu_new()!
        let finalised = watchFinalisation(menu)
        defer { finalised.deallocate() }
        var handle: GObjectHandle<OpaquePointer>? = GObjectHandle(retaining: menu)
        XCTAssertEqual(referenceCount(menu), 2)
        withExtendedLifetime(handle) {}
        handle = nil
        XCTAssertEqual(referenceCount(menu), 1)
        g_object_unref(raw(menu))
        XCTAssertEqual(finalised.pointee, 1)
    }

    func testASinkingHandleOwnsAFloatingObjectAndFinalisesItWhenItGoes() {
        let menu = g_menu_new()!
        g_object_force_floating(cast(menu))
        let finalised = watchFinalisation(menu)
        defer { finalised.deallocate() }
        var handle: GObjectHandle<OpaquePointer>? = GObjectHandle(sinking: menu)
        XCTAssertEqual(g_object_is_floating(raw(menu)), 0)
        XCTAssertEqual(referenceCount(menu), 1)
        withExtendedLifetime(handle) {}
        handle = nil
        XCTAssertEqual(finalised.pointee, 1)
    }

    func testASinkingHandleOfAnObjectAlreadyOwnedTakesAReferenceOfItsOwn() {
        let menu = g_menu_new()!
        let finalised = watchFinalisation(menu)
        defer { finalised.deallocate() }
        var handle: GObjectHandle<OpaquePointer>? = GObjectHandle(sinking: menu)
        XCTAssertEqual(referenceCount(menu), 2)
        withExtendedLifetime(handle) {}
        handle = nil
        XCTAssertEqual(finalised.pointee, 0)
        g_object_unref(raw(menu))
        XCTAssertEqual(finalised.pointee, 1)
    }

    private func referenceCount(_ object: OpaquePointer) -> UInt32 {
        UnsafeMutableRawPointer(object).assumingMemoryBound(to: GObject.self).pointee.ref_count
    }

    /// A counter the object's weak reference bumps when it is finalised.
    private func watchFinalisation(_ object: OpaquePointer) -> UnsafeMutablePointer<Int> {
        let count = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        count.initialize(to: 0)
        g_object_weak_ref(cast(object), { data, _ in data!.assumingMemoryBound(to: Int.self).pointee += 1 }, count)
        return count
    }
}
