/// A PNG file decoded for pixel checks (8-bit RGB or RGBA, not interlaced: what Chromium's screenshots are), with a
/// small inflate (RFC 1951: stored, fixed and dynamic Huffman blocks) of its own, since zlib is not linked.
struct PNGImage {
    let width: Int
    let height: Int
    /// RGBA, 4 bytes a pixel, rows from the top.
    let pixels: [UInt8]

    enum DecodeError: Error, CustomStringConvertible {
        case malformed(String)
        var description: String {
            switch self {
            case .malformed(let why): "not a PNG this decoder reads: \(why)"
            }
        }
    }

    init(_ bytes: [UInt8]) throws {
        guard bytes.count > 8, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw DecodeError.malformed("no PNG signature")
        }
        func u32(_ at: Int) -> Int {
            Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }
        var offset = 8
        var width = 0, height = 0, colourType = 0
        var idat: [UInt8] = []
        while offset + 8 <= bytes.count {
            let length = u32(offset)
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let data = offset + 8
            guard data + length + 4 <= bytes.count else { throw DecodeError.malformed("truncated chunk \(type)") }
            switch type {
            case "IHDR":
                width = u32(data)
                height = u32(data + 4)
                colourType = Int(bytes[data + 9])
                guard bytes[data + 8] == 8, colourType == 2 || colourType == 6, bytes[data + 12] == 0 else {
                    throw DecodeError.malformed("bit depth \(bytes[data + 8]), colour type \(colourType)")
                }
            case "IDAT":
                idat += bytes[data..<(data + length)]
            default:
                break
            }
            offset = data + length + 4
        }
        guard width > 0, height > 0, idat.count > 2 else { throw DecodeError.malformed("no image data") }
        let channels = colourType == 6 ? 4 : 3
        let stride = width * channels
        let raw = try Inflate.decompress(Array(idat[2...]), expected: height * (stride + 1))
        guard raw.count >= height * (stride + 1) else { throw DecodeError.malformed("short image data") }
        var image = [UInt8](repeating: 0, count: height * stride)
        for row in 0..<height {
            let filter = raw[row * (stride + 1)]
            let source = row * (stride + 1) + 1
            let out = row * stride
            for index in 0..<stride {
                let x = raw[source + index]
                let a = index >= channels ? Int(image[out + index - channels]) : 0
                let b = row > 0 ? Int(image[out - stride + index]) : 0
                let c = row > 0 && index >= channels ? Int(image[out - stride + index - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw DecodeError.malformed("filter \(filter)")
                }
                image[out + index] = UInt8(truncatingIfNeeded: Int(x) + predictor)
            }
        }
        if channels == 4 {
            pixels = image
        } else {
            var rgba = [UInt8](repeating: 255, count: width * height * 4)
            for pixel in 0..<(width * height) {
                rgba[4 * pixel] = image[3 * pixel]
                rgba[4 * pixel + 1] = image[3 * pixel + 1]
                rgba[4 * pixel + 2] = image[3 * pixel + 2]
            }
            pixels = rgba
        }
        self.width = width
        self.height = height
    }

    /// The pixel at (`x`, `y`): red, green, blue, alpha.
    func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        let at = 4 * (y * width + x)
        return (Int(pixels[at]), Int(pixels[at + 1]), Int(pixels[at + 2]), Int(pixels[at + 3]))
    }

    /// How many pixels of the rectangle (clipped to the image) satisfy `test`.
    func count(
        x: Int, y: Int, width w: Int, height h: Int,
        where test: ((r: Int, g: Int, b: Int, a: Int)) -> Bool
    ) -> Int {
        var found = 0
        for row in max(0, y)..<min(height, max(0, y + h)) {
            for column in max(0, x)..<min(width, max(0, x + w)) where test(pixel(column, row)) { found += 1 }
        }
        return found
    }
}

/// Inflate (RFC 1951), after puff.c's canonical Huffman decoding.
enum Inflate {
    struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []

        init(lengths: [Int]) {
            for length in lengths { counts[length] += 1 }
            counts[0] = 0
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<16 { offsets[length] = offsets[length - 1] + counts[length - 1] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }
    }

    struct Reader {
        let data: [UInt8]
        var position = 0
        var bitBuffer = 0
        var bitCount = 0

        mutating func bits(_ need: Int) throws -> Int {
            var value = bitBuffer
            while bitCount < need {
                guard position < data.count else { throw PNGImage.DecodeError.malformed("deflate data ends early") }
                value |= Int(data[position]) << bitCount
                position += 1
                bitCount += 8
            }
            bitBuffer = value >> need
            bitCount -= need
            return value & ((1 << need) - 1)
        }

        mutating func decode(_ huffman: Huffman) throws -> Int {
            var code = 0, first = 0, index = 0
            for length in 1..<16 {
                code |= try bits(1)
                let count = huffman.counts[length]
                if code - count < first { return huffman.symbols[index + (code - first)] }
                index += count
                first += count
                first <<= 1
                code <<= 1
            }
            throw PNGImage.DecodeError.malformed("bad Huffman code")
        }
    }

    static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
        131, 163, 195, 227, 258,
    ]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025,
        1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
    ]
    static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12,
        12, 13, 13,
    ]

    static func decompress(_ data: [UInt8], expected: Int) throws -> [UInt8] {
        var reader = Reader(data: data)
        var out: [UInt8] = []
        out.reserveCapacity(expected)
        var last = 0
        repeat {
            last = try reader.bits(1)
            let type = try reader.bits(2)
            switch type {
            case 0:
                reader.bitBuffer = 0
                reader.bitCount = 0
                guard reader.position + 4 <= data.count else { throw PNGImage.DecodeError.malformed("stored block") }
                let length = Int(data[reader.position]) | Int(data[reader.position + 1]) << 8
                reader.position += 4
                guard reader.position + length <= data.count else { throw PNGImage.DecodeError.malformed("stored") }
                out += data[reader.position..<(reader.position + length)]
                reader.position += length
            case 1:
                var lengths = [Int](repeating: 8, count: 288)
                for index in 144..<256 { lengths[index] = 9 }
                for index in 256..<280 { lengths[index] = 7 }
                try codes(&reader, &out, Huffman(lengths: lengths), Huffman(lengths: [Int](repeating: 5, count: 30)))
            case 2:
                let literalCount = try reader.bits(5) + 257
                let distanceCount = try reader.bits(5) + 1
                let codeCount = try reader.bits(4) + 4
                let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
                var codeLengths = [Int](repeating: 0, count: 19)
                for index in 0..<codeCount { codeLengths[order[index]] = try reader.bits(3) }
                let lengthCode = Huffman(lengths: codeLengths)
                var lengths: [Int] = []
                while lengths.count < literalCount + distanceCount {
                    let symbol = try reader.decode(lengthCode)
                    switch symbol {
                    case 0..<16: lengths.append(symbol)
                    case 16:
                        guard let previous = lengths.last else { throw PNGImage.DecodeError.malformed("repeat") }
                        lengths += [Int](repeating: previous, count: 3 + (try reader.bits(2)))
                    case 17: lengths += [Int](repeating: 0, count: 3 + (try reader.bits(3)))
                    default: lengths += [Int](repeating: 0, count: 11 + (try reader.bits(7)))
                    }
                }
                try codes(
                    &reader, &out, Huffman(lengths: Array(lengths[0..<literalCount])),
                    Huffman(lengths: Array(lengths[literalCount..<(literalCount + distanceCount)])))
            default:
                throw PNGImage.DecodeError.malformed("block type 3")
            }
        } while last == 0
        return out
    }

    private static func codes(
        _ reader: inout Reader, _ out: inout [UInt8], _ literals: Huffman,
        _ distances: Huffman
    ) throws {
        while true {
            let symbol = try reader.decode(literals)
            if symbol < 256 {
                out.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let index = symbol - 257
                guard index < 29 else { throw PNGImage.DecodeError.malformed("length symbol") }
                let length = lengthBase[index] + (try reader.bits(lengthExtra[index]))
                let distanceSymbol = try reader.decode(distances)
                guard distanceSymbol < 30 else { throw PNGImage.DecodeError.malformed("distance symbol") }
                let distance = distanceBase[distanceSymbol] + (try reader.bits(distanceExtra[distanceSymbol]))
                guard distance <= out.count else { throw PNGImage.DecodeError.malformed("distance too far") }
                let start = out.count - distance
                for step in 0..<length { out.append(out[start + step]) }
            }
        }
    }
}
