import Catalogue
import Testing

@Suite struct GradeTests {
    @Test func shortFormsMapToDiscogsNames() {
        #expect(Grade.parse("VG+", allowed: Grade.media) == "Very Good Plus (VG+)")
        #expect(Grade.parse("vg", allowed: Grade.media) == "Very Good (VG)")
        #expect(Grade.parse("M-", allowed: Grade.media) == "Near Mint (NM or M-)")
        #expect(Grade.parse("NM", allowed: Grade.media) == "Near Mint (NM or M-)")
        #expect(Grade.parse("Good Plus (G+)", allowed: Grade.media) == "Good Plus (G+)")
        #expect(Grade.parse("generic", allowed: Grade.sleeve) == "Generic")
        #expect(Grade.parse("generic", allowed: Grade.media) == nil)
        #expect(Grade.parse("VG++", allowed: Grade.media) == nil)
        #expect(Grade.parse("Excellent", allowed: Grade.sleeve) == nil)
    }

    @Test func pricesAreWholeCents() {
        #expect(Price.cents("12.50") == 1250)
        #expect(Price.cents("12.5") == 1250)
        #expect(Price.cents("7") == 700)
        #expect(Price.cents("0.05") == 5)
        for bad in ["-1", "12.505", "1e3", "12,50", "", "abc", "+3", "2000000"] { #expect(Price.cents(bad) == nil, "\(bad)") }
        #expect(Price.text(1250) == "12.50" && Price.text(5) == "0.05" && Price.text(700) == "7.00")
    }

    @Test func dealerAssignmentsParseOrSayWhatIsAllowed() throws {
        let c = try DealerChanges.parse(["media=VG+", "sleeve=generic", "price=12.50", "location=A3", "notes=seam split", "quantity=2"]).get()
        #expect(c.media == .some("Very Good Plus (VG+)"))
        #expect(c.sleeve == .some("Generic"))
        #expect(c.priceCents == .some(1250))
        #expect(c.location == .some("A3") && c.notes == .some("seam split") && c.quantity == 2)
        let cleared = try DealerChanges.parse(["notes="]).get()
        #expect(cleared.notes == .some(nil))
        guard case let .failure(e) = DealerChanges.parse(["media=Excellent"]) else { Issue.record("accepted"); return }
        #expect(e.description.contains("Very Good Plus (VG+)"))
        guard case .failure = DealerChanges.parse(["colour=red"]) else { Issue.record("accepted"); return }
        guard case .failure = DealerChanges.parse(["quantity=0"]) else { Issue.record("accepted"); return }
    }
}
