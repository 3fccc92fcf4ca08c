import Cache

extension SizeStore {
    /// The digest recorded for the file `stamp` describes, if the file had exactly this stamp when it was hashed —
    /// so that a process need not read a 20 MB font file to know it is the one it measured with last time.
    public func fileDigest(for stamp: FileStamp) throws(SizeStoreError) -> SHA256Digest? {
        try withReader { connection in
            let statement = try connection.cachedStatement(
                """
                SELECT sha256 FROM file_digests WHERE path = ?1 AND device = ?2 AND inode = ?3 AND size = ?4
                AND modified_ns = ?5 AND changed_ns = ?6
                """)
            return try statement.withReset { statement throws in
                try statement.bind(stamp)
                return try statement.step() ? statement.digest(at: 0) : nil
            }
        }
    }

    /// Records `digest` as the digest of the file with `stamp`, replacing what was recorded for its path.
    ///
    /// With `waiting` false, a store another connection is writing is not waited for (the record is only a saving:
    /// a run that finds every size stored must not wait the busy timeout to make it); it fails with `.busy` at once.
    /// - Throws: `SizeStoreError` (`.readOnly` on a read-only store, `.busy`).
    public func recordFileDigest(_ digest: SHA256Digest, for stamp: FileStamp, waiting: Bool = true)
        throws(SizeStoreError)
    {
        try withWriter { connection in
            let timeout = connection.busyTimeoutMilliseconds
            if !waiting { connection.setBusyTimeout(milliseconds: 0) }
            defer { if !waiting { connection.setBusyTimeout(milliseconds: timeout) } }
            let statement = try connection.cachedStatement(
                """
                INSERT OR REPLACE INTO file_digests (path, device, inode, size, modified_ns, changed_ns, sha256)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                """)
            try statement.withReset { statement throws in
                try statement.bind(stamp)
                try statement.bind(digest, at: 7)
                try statement.run()
            }
        }
    }
}

extension SQLiteStatement {
    /// Binds a file's stamp to parameters 1–6 in the column order of `file_digests`: path, device, inode, size,
    /// modified_ns, changed_ns.
    fileprivate func bind(_ stamp: FileStamp) throws(SQLiteError) {
        try bind(stamp.path, at: 1)
        try bind(Int64(bitPattern: stamp.device), at: 2)
        try bind(Int64(bitPattern: stamp.inode), at: 3)
        try bind(stamp.size, at: 4)
        try bind(stamp.modified, at: 5)
        try bind(stamp.changed, at: 6)
    }
}
