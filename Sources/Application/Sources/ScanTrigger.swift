import Foundation
import Scanning

/// What starts each scan with --wait-button: the scanner's own button where the
/// backend exposes one, else Enter on the terminal.
package enum ScanTrigger {
    /// False when the user ended the session (end of input).
    package static func wait(for scanner: SaneScanner, console: Console) -> Bool {
        let buttons = scanner.buttons()
        if !buttons.isEmpty {
            console.info("\(scanner.name): press the scanner's \(buttons.map(\.name).joined(separator: "/")) button to scan (Ctrl-C to stop)")
            return scanner.waitForButton() != nil
        }
        console.info("\(scanner.name): press Enter to scan (Ctrl-D or Ctrl-C to stop)")
        return readLine(strippingNewline: true) != nil
    }
}

