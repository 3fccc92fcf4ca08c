/// The markup `XMLReader` consumes without producing events: comments, processing instructions and the DOCTYPE
/// (whose internal subset may declare general entities that text and attribute values then use).
extension XMLReader {
    /// Skips `<!-- … -->` starting at `offset`.
    /// - Throws: when the comment is not closed, at its start.
    mutating func skipComment() throws(CatalogError) {
        let start = offset
        guard let end = find(XMLLiteral.commentClose, from: start + XMLLiteral.commentOpen.count) else {
            throw failure("unterminated comment: expected '-->' before the end of the file", at: start)
        }
        offset = end + XMLLiteral.commentClose.count
    }

    /// Skips `<? … ?>` (the XML declaration included) starting at `offset`.
    /// - Throws: when it is not closed, at its start.
    mutating func skipProcessingInstruction() throws(CatalogError) {
        let start = offset
        guard let end = find(XMLLiteral.processingInstructionClose, from: start + 2) else {
            throw failure(
                "unterminated processing instruction: expected '?>' before the end of the file", at: start)
        }
        offset = end + XMLLiteral.processingInstructionClose.count
    }

    /// Skips `<!DOCTYPE name ExternalID? [internal subset]? >`, remembering entities the subset declares.
    mutating func readDoctype() throws(CatalogError) {
        let start = offset
        guard phase == .prolog, !sawDoctype else {
            throw failure("a DOCTYPE is allowed only once, before the root element", at: start)
        }
        sawDoctype = true
        offset += XMLLiteral.doctypeOpen.count
        while true {
            guard offset < bytes.count else {
                throw failure("unterminated DOCTYPE: expected '>' before the end of the file", at: start)
            }
            let byte = bytes[offset]
            if byte == XMLByte.quote || byte == XMLByte.apostrophe {
                try skipQuoted(unterminated: "unterminated DOCTYPE", at: start)
            } else if byte == XMLByte.openingBracket {
                offset += 1
                try readInternalSubset(doctypeStart: start)
            } else if byte == XMLByte.greaterThan {
                offset += 1
                return
            } else {
                offset += 1
            }
        }
    }

    /// Reads the internal subset after its `[` up to and including its `]`: comments, PIs and declarations (quoted
    /// literals may hold `]` and `>`), keeping general entity declarations.
    private mutating func readInternalSubset(doctypeStart: Int) throws(CatalogError) {
        while true {
            guard offset < bytes.count else {
                throw failure(
                    "unterminated DOCTYPE internal subset: expected ']' before the end of the file", at: doctypeStart)
            }
            let byte = bytes[offset]
            if byte == XMLByte.closingBracket {
                offset += 1
                return
            } else if matches(XMLLiteral.commentOpen) {
                try skipComment()
            } else if byte == XMLByte.lessThan && offset + 1 < bytes.count && bytes[offset + 1] == XMLByte.question {
                try skipProcessingInstruction()
            } else if matches(XMLLiteral.entityOpen) {
                try readEntityDeclaration()
            } else if byte == XMLByte.lessThan {
                let declarationStart = offset
                offset += 1
                try skipToDeclarationEnd(from: declarationStart)
            } else if byte == XMLByte.quote || byte == XMLByte.apostrophe {
                try skipQuoted(unterminated: "unterminated DOCTYPE internal subset", at: doctypeStart)
            } else {
                offset += 1
            }
        }
    }

    /// Reads `<!ENTITY name "value">` (general, internal) into `entities`; a general external one (`SYSTEM`,
    /// `PUBLIC`) is noted in `externalEntities`, never loaded; parameter entities are skipped.
    private mutating func readEntityDeclaration() throws(CatalogError) {
        let start = offset
        offset += XMLLiteral.entityOpen.count
        guard skipSpaces() else {
            throw failure("expected white space after '<!ENTITY', found \(describe(offset))", at: offset)
        }
        var isParameterEntity = false
        if offset < bytes.count && bytes[offset] == UInt8(ascii: "%") {
            isParameterEntity = true
            offset += 1
            skipSpaces()
        }
        guard let name = scanName() else {
            throw failure("expected an entity name in <!ENTITY, found \(describe(offset))", at: offset)
        }
        skipSpaces()
        if offset < bytes.count && (bytes[offset] == XMLByte.quote || bytes[offset] == XMLByte.apostrophe) {
            let quote = bytes[offset]
            let valueStart = offset + 1
            guard let valueEnd = bytes[valueStart...].firstIndex(of: quote) else {
                throw failure(
                    "unterminated entity value: expected a closing quote before the end of the file",
                    at: start)
            }
            offset = valueStart
            var replacement: [UInt8] = []
            while offset < valueEnd {
                let byte = bytes[offset]
                if byte == XMLByte.ampersand {
                    try appendReference(to: &replacement, inAttribute: false)
                    guard offset <= valueEnd else {
                        throw failure("a reference runs past the end of the entity value", at: valueStart)
                    }
                } else if byte == XMLByte.carriageReturn {
                    replacement.append(XMLByte.lineFeed)
                    offset += 1
                    if offset < valueEnd && bytes[offset] == XMLByte.lineFeed { offset += 1 }
                } else {
                    replacement.append(byte)
                    offset += 1
                }
                guard replacement.count <= Self.maximumEntitySize else {
                    throw failure(
                        "the entity &\(shown(name)); is larger than \(Self.maximumEntitySize) bytes",
                        at: start)
                }
            }
            offset = valueEnd + 1
            // The first declaration of an entity is binding (XML §4.2).
            if !isParameterEntity && entities[name] == nil && !externalEntities.contains(name) {
                entities[name] = replacement
            }
        } else if !isParameterEntity && entities[name] == nil {
            externalEntities.insert(name)
        }
        try skipToDeclarationEnd(from: start)
    }

    /// Moves past the `>` that ends a markup declaration, skipping quoted literals.
    private mutating func skipToDeclarationEnd(from start: Int) throws(CatalogError) {
        while true {
            guard offset < bytes.count else {
                throw failure("unterminated markup declaration: expected '>' before the end of the file", at: start)
            }
            let byte = bytes[offset]
            if byte == XMLByte.greaterThan {
                offset += 1
                return
            }
            if byte == XMLByte.quote || byte == XMLByte.apostrophe {
                try skipQuoted(unterminated: "unterminated markup declaration", at: start)
            } else {
                offset += 1
            }
        }
    }

    /// Moves past the quoted literal whose opening quote is at `offset`.
    private mutating func skipQuoted(unterminated: String, at start: Int) throws(CatalogError) {
        let quote = bytes[offset]
        guard let end = bytes[(offset + 1)...].firstIndex(of: quote) else {
            throw failure("\(unterminated): a quoted literal is not closed before the end of the file", at: start)
        }
        offset = end + 1
    }
}
