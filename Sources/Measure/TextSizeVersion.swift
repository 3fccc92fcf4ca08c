/// The measuring engine's version. It names the rules that produce a size, so stored sizes can be keyed by it: it
/// changes whenever a change to the code could change any measured width, height or line count.
public enum TextSizeVersion {
    /// The engine's version: part of every size database settings key, so that sizes from an engine that measures
    /// differently are never served.
    public static let engine = "0.4.0"
}
