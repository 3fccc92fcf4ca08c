import Foundation

/// The bytes of a font loaded from memory (`Font(data:name:faceIndex:)`), copied once into storage that never moves
/// or changes, so FreeType (`FT_New_Memory_Face`) and HarfBuzz (`hb_blob_create`, read-only) can both read it in place
/// for as long as their faces live: one copy however many faces use it.
///
/// `@unchecked Sendable` because: the buffer is written once, in `init`, and only read afterwards (FreeType and
/// HarfBuzz open memory faces read-only); `FontMemoryStressTests` measures one memory font from many threads.
final class FontMemory: @unchecked Sendable {
    /// The bytes, allocated and filled in `init`, freed in `deinit` after every face that holds this object is gone.
    let bytes: UnsafeRawBufferPointer

    /// Copies `data`.
    init(_ data: Data) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 16)
        if !data.isEmpty { _ = data.copyBytes(to: buffer.bindMemory(to: UInt8.self)) }
        bytes = UnsafeRawBufferPointer(start: buffer.baseAddress, count: data.count)
    }

    deinit {
        UnsafeMutableRawBufferPointer(mutating: bytes).deallocate()
    }
}
