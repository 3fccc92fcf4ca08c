import Testing

@testable import Bench

/// Which fonts measure a corpus `bench --corpus` names: the three mixtures by name, each language of
/// scripts/build-corpora.py's sets (latin = en + de + es, cjk = zh + ja + ko, complex = ar + fa + hi + th) by its
/// mixture, nothing else.
@Suite struct CorpusFamilyTests {
    @Test(arguments: [
        ("latin", CorpusFamily.latin), ("en", .latin), ("de", .latin), ("es", .latin),
        ("cjk", .cjk), ("zh", .cjk), ("ja", .cjk), ("ko", .cjk),
        ("complex", .complex), ("ar", .complex), ("fa", .complex), ("hi", .complex), ("th", .complex),
    ])
    func aCorpusBelongsToItsMixture(name: String, family: CorpusFamily) {
        #expect(CorpusFamily(corpus: name) == family)
        #expect(CorpusFamily(corpus: name)?.usesComplexCascade == (family == .complex))
    }

    @Test func otherNamesAreNoCorpus() {
        // Hebrew is a reference corpus of ../shared, not one the bench builds; names are exact.
        for name in ["he", "", "Latin", "ja ", "zh-Hans", "complex.txt"] {
            #expect(CorpusFamily(corpus: name) == nil, "\(name)")
        }
    }

    @Test func theNamesTheCommandListsAreTheMixturesThenEachOnesLanguages() {
        #expect(
            CorpusFamily.corpusNames == [
                "latin", "cjk", "complex", "de", "en", "es", "ja", "ko", "zh", "ar", "fa", "hi", "th",
            ])
    }

    @Test func languagesOfTheComplexScriptsRunNoStoreSuites() {
        // The store does not depend on the script: it runs on the classic cascade's corpora only.
        var plan = BenchPlan.quick
        plan.corpora = ["ja", "ar", "en", "th", "complex"]
        #expect(plan.storeRuns.map(\.corpus) == ["ja", "ja", "ja", "ja", "en", "en", "en", "en"])
        #expect(Set(plan.suites.map(\.corpus)) == ["ja", "ar", "en", "th", "complex"])
    }
}
