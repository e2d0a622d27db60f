import CMarkdownArena
import Dispatch
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

@testable import WktMarkdown

/// The per-thread bump allocator cmark-gfm parses with (`CMarkdownArena`): what cmark-gfm
/// relies on from an allocator (zeroed, aligned, `realloc` keeps the bytes), and what keeps it
/// from growing without bound (a reset keeps at most 4 MiB a thread).
@Suite("Markdown arena")
struct MarkdownArenaTests {
    @Test("calloc gives zeroed, 16-byte aligned, distinct blocks; realloc keeps the bytes, in place or moved")
    func blocks() throws {
        defer { wkt_arena_reset() }
        var blocks: [UnsafeMutableRawPointer] = []
        for size in [0, 1, 7, 16, 17, 100, 4_000, 300_000] {
            let block = try #require(wkt_arena_calloc(1, size))
            #expect(Int(bitPattern: block) % 16 == 0)
            let bytes = block.assumingMemoryBound(to: UInt8.self)
            #expect((0..<size).allSatisfy { bytes[$0] == 0 })
            memset(block, 0xAB, size)
            blocks.append(block)
        }
        // No block overlaps another: each still holds only its own fill.
        for (index, size) in [0, 1, 7, 16, 17, 100, 4_000, 300_000].enumerated() {
            let bytes = blocks[index].assumingMemoryBound(to: UInt8.self)
            #expect((0..<size).allSatisfy { bytes[$0] == 0xAB })
        }
        // The newest block grows in place; an older one moves, with its bytes.
        let newest = try #require(wkt_arena_calloc(1, 10))
        memset(newest, 0x11, 10)
        let grown = try #require(wkt_arena_realloc(newest, 1_000))
        #expect(grown == newest)
        #expect((0..<10).allSatisfy { grown.load(fromByteOffset: $0, as: UInt8.self) == 0x11 })
        let later = try #require(wkt_arena_calloc(1, 8))
        let moved = try #require(wkt_arena_realloc(grown, 5_000))
        #expect(moved != grown)
        #expect(Int(bitPattern: moved) % 16 == 0)
        #expect((0..<10).allSatisfy { moved.load(fromByteOffset: $0, as: UInt8.self) == 0x11 })
        #expect(later.load(as: UInt64.self) == 0)
        // Growing past the chunk (256 KiB) moves the block to a chunk of its own.
        let big = try #require(wkt_arena_realloc(moved, 1 << 20))
        #expect((0..<10).allSatisfy { big.load(fromByteOffset: $0, as: UInt8.self) == 0x11 })
        memset(big, 0x22, 1 << 20)
        #expect(wkt_arena_realloc(nil, 3) != nil)
        wkt_arena_free(big)
    }

    @Test("a reset makes the memory reusable and keeps at most 4 MiB")
    func reset() throws {
        wkt_arena_reset()
        let first = try #require(wkt_arena_calloc(1, 64))
        wkt_arena_reset()
        // Reused after the reset, and zeroed again by calloc.
        memset(first, 0x33, 64)
        wkt_arena_reset()
        let again = try #require(wkt_arena_calloc(1, 64))
        #expect(again == first)
        #expect((0..<64).allSatisfy { again.load(fromByteOffset: $0, as: UInt8.self) == 0 })
        for _ in 0..<40 { _ = wkt_arena_calloc(1, 1 << 20) }
        #expect(wkt_arena_held_bytes() >= 40 << 20)
        wkt_arena_reset()
        #expect(wkt_arena_held_bytes() <= 4 << 20)
    }

    @Test("only the outermost parse on a thread owns the arena; its end resets it")
    func nesting() throws {
        wkt_arena_reset()
        #expect(wkt_arena_begin() == 1)
        let outer = try #require(wkt_arena_calloc(1, 64))
        memset(outer, 0x44, 64)
        #expect(wkt_arena_begin() == 0, "a parse inside a parse must not use the arena")
        wkt_arena_end()
        // The inner end left the outer parse's memory alone.
        #expect((0..<64).allSatisfy { outer.load(fromByteOffset: $0, as: UInt8.self) == 0x44 })
        let next = try #require(wkt_arena_calloc(1, 64))
        #expect(next != outer)
        wkt_arena_end()
        // The outermost end reset it: the next parse starts at the same place again.
        #expect(wkt_arena_begin() == 1)
        #expect(wkt_arena_calloc(1, 64) == outer)
        wkt_arena_end()
        wkt_arena_end()  // an unpaired end does nothing
        #expect(wkt_arena_begin() == 1)
        wkt_arena_end()
    }

    @Test("a thread's arena is freed when the thread exits")
    func threadExit() throws {
        let before = wkt_arena_all_threads_bytes()
        // 60 threads, one after another, each leaving 3 MiB kept in its arena: 180 MiB would
        // stay allocated if exiting threads did not free theirs. (Other tests rendering at the
        // same time hold a few MiB a thread.)
        for _ in 0..<60 {
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                for _ in 0..<4 { _ = wkt_arena_calloc(1, 1 << 20) }
                wkt_arena_reset()
                #expect(wkt_arena_held_bytes() >= 3 << 20)
                done.signal()
            }
            thread.start()
            done.wait()
            while !thread.isFinished { usleep(1_000) }
        }
        usleep(50_000)  // the last thread's exit
        let grown = wkt_arena_all_threads_bytes() - before
        #expect(grown < 100 << 20, "arenas grew by \(grown >> 20) MiB")
    }

    @Test("documents rendered on many threads at once come out as rendered one at a time")
    func parallel() throws {
        let documents = (0..<64).map { index in
            "# Day \(index)\n\n| Set | Reps |\n| --- | ---: |\n" + (0..<(index * 7 % 40)).map { "| \($0) | \($0 * index) |\n" }.joined()
                + "\n~~old~~ www.example.com/\(index) - [x] done\n"
        }
        let expected = try documents.map { try MarkdownRenderer.pages.render($0) }
        let results = Mutex(Array(repeating: "", count: documents.count))
        DispatchQueue.concurrentPerform(iterations: documents.count) { index in
            let html = (try? MarkdownRenderer.pages.render(documents[index])) ?? "failed"
            results.withLock { $0[index] = html }
        }
        #expect(results.withLock { $0 } == expected)
    }
}
